curl -X POST -d '123' http://localhost:28139
