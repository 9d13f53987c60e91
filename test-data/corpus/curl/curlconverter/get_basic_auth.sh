curl "http://localhost:28139/" -u "some_username:some_password"
