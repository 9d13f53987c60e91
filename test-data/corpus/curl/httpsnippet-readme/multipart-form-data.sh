curl --request POST \
  --url https://httpbin.org/anything \
  --header 'Content-Type: multipart/form-data' \
  --form foo=bar