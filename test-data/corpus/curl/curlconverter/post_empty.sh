curl --data-binary "" http://localhost:28139
