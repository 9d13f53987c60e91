curl -XPATCH http://localhost:28139/patch -F file1=@./test/fixtures/curl_commands/delete.sh
