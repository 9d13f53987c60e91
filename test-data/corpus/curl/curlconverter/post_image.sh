curl -F "image=@image.jpg" http://localhost:28139/targetservice
