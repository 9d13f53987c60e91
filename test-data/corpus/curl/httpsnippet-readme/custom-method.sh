curl --request PROPFIND \
  --url https://httpbin.org/anything