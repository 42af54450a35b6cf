# sqlmap --preprocess hook of `npm run security:scan`, run on each request just before it is sent.
import os

PLACEHOLDER = b"@@PITLANE_SCAN_IMAGE@@"
with open(os.environ["PITLANE_SCAN_IMAGE"], "rb") as image_file:
    IMAGE = image_file.read()


def preprocess(req):
    # sqlmap keeps a request body as text, so a binary photo cannot travel in its request file:
    # the body names a placeholder instead, swapped here for the PNG the scan wrote.
    if req.data and PLACEHOLDER in req.data:
        req.data = req.data.replace(PLACEHOLDER, IMAGE)
    # sqlmap sends a body-less DELETE with an empty body, which Python's urllib then labels as a
    # form (application/x-www-form-urlencoded): the server refuses that with 415 before the route
    # runs. Without a body (None) the route gets the request as a browser sends it.
    if not req.data:
        req.data = None
        for header in [name for name in req.headers if name.lower() in ("content-type", "content-length")]:
            del req.headers[header]
