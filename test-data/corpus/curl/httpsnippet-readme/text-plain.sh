curl --request POST \
  --url https://httpbin.org/anything \
  --header 'content-type: text/plain' \
  --data 'Hello World'