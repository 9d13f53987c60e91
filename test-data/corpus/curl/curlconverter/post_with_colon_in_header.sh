curl -i -X POST http://localhost:28139/endpoint -H "Content-Type:application/json" -H 'key:abcdefg'
