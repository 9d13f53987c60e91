curl 'http://localhost:28139' --max-time 6.72 --connect-timeout 13.9999
