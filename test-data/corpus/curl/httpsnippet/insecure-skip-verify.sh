curl --request GET \
  --url https://mockbin.com/har \
  --insecure