#!/usr/bin/env sh

curl -i 'http://localhost:8888/' -b 'a=b; c'
