curl --request GET \
  --url https://httpbin.org/cookies \
  --cookie 'foo=bar; bar=baz'