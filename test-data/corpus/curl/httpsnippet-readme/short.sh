curl --request GET \
  --url https://httpbin.org/anything