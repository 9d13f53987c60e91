curl 'http://localhost:28139' --range 600
