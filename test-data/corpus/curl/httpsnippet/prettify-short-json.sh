curl --request POST \
  --url http://mockbin.com/har \
  --header 'content-type: application/json' \
  --data '
{
  "foo": "bar"
}
'