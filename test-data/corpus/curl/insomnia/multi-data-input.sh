curl -X POST https://insomnia.rest/ \
  --data "foo=bar" \
  --data "baz=qux" \
  -H Content-Type:application/x-www-form-urlencoded
