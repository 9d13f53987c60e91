curl --request GET \
  --url 'https://httpbin.org/anything?foo=bar&foo=baz&baz=abc&key=value'