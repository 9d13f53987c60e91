curl -X POST http://localhost:28139/ --data 'foo=\"bar\"'
