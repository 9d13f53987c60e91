curl -XPOST -did=1234 https://insomnia.rest
