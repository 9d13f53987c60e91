curl --request POST \
  --url http://mockbin.com/har \
  --header 'content-type: application/x-www-form-urlencoded' \
  --data foo=bar \
  --data hello=world