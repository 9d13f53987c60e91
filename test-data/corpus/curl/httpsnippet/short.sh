curl --request GET \
  --url http://mockbin.com/har