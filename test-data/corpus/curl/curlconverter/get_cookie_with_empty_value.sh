curl -X GET "http://localhost:28139/cookies" -H "accept: application/json" -H 'Cookie: mysamplecookie=someValue; emptycookie=; otherCookie=2'
