curl localhost:28139 --url-query @- < `echo image.jpg`
