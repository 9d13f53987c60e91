curl --request GET \
  --url http://httpbin.org/anything \
  --insecure