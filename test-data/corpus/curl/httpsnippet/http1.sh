curl --request GET \
  --url "http://mockbin.com/request" \
  --http1.0