curl --request GET \
  --url http://mockbin.com/har \
  --compressed \
  --header 'accept-encoding: deflate, gzip, br'