curl --request GET \
  --url 'https://httpbin.org/anything?where=[["$attributed_flow","=","FLOW_ID"]]'