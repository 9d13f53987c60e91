curl 'http://localhost:28139' --no-location --location-trusted --no-location-trusted -b cookies.txt -c cookies.txt
