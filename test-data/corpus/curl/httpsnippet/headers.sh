curl --request GET \
  --url http://mockbin.com/har \
  --header 'accept: application/json' \
  --header 'quoted-value: "quoted" '\''string'\''' \
  --header 'x-foo: Bar'