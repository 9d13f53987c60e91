curl https://insomnia.rest/foo/bar
