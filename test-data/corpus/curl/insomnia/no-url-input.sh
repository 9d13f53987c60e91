curl -X POST
