curl --request GET \
  --url 'http://mockbin.com/har?foo=bar&foo=baz&baz=abc&key=value'