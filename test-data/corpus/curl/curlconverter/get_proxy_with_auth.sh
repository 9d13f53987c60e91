curl 'http://localhost:28139' --proxy 'http://localhost:8080' -U 'anonymous:anonymous'
