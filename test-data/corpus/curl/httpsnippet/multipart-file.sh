curl --request POST \
  --url http://mockbin.com/har \
  --header 'content-type: multipart/form-data' \
  --form foo=@test/fixtures/files/hello.txt