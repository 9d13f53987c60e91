curl --request POST \
  --url http://mockbin.com/har \
  --header 'content-type: text/plain' \
  --data 'Hello World'