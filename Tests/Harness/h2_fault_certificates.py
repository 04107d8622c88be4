"""The certificates of h2_fault_server.py, made with the `openssl` command at start-up.

make_certificates(directory, fixtures) returns {"ca_file": path, "good": (certificate, key), and,
when openssl is available, "expired", "wrong_host" and "self_signed": (certificate, key)}:

  good         localhost and 127.0.0.1, signed by a CA made here (ca_file), valid for ten years
  expired      the same names and CA, valid only during 2020
  wrong_host   the same CA and dates as good, for wrong.example only
  self_signed  localhost and 127.0.0.1, signed by its own key

Without openssl (or when it fails), "good" is the test certificate of `fixtures` (Tests/NetworkingCurlTests/Fixtures)
and ca_file its CA.
"""
import os
import shutil
import subprocess
import sys
import tempfile

CA_CONFIG = """[ ca ]
default_ca = local
[ local ]
database = {dir}/index.txt
new_certs_dir = {dir}
serial = {dir}/serial
default_md = sha256
policy = anything
unique_subject = no
[ anything ]
commonName = supplied
"""

LOCAL_NAMES = "subjectAltName=DNS:localhost,IP:127.0.0.1\nbasicConstraints=CA:FALSE\n"


def openssl(*arguments):
    subprocess.run(["openssl", *arguments], check=True, capture_output=True)


def make_certificates(directory, fixtures):
    fallback = {
        "ca_file": os.path.join(fixtures, "ca.pem"),
        "good": (os.path.join(fixtures, "server.pem"), os.path.join(fixtures, "server.key")),
    }
    if shutil.which("openssl") is None:
        return fallback
    try:
        return made_with_openssl(directory or tempfile.mkdtemp(prefix="h2-fault-certs."))
    except (OSError, subprocess.CalledProcessError) as error:
        detail = getattr(error, "stderr", b"") or b""
        print(f"h2_fault_certificates: openssl failed ({error}): {detail.decode(errors='replace')}", file=sys.stderr)
        return fallback


def made_with_openssl(directory):
    os.makedirs(directory, exist_ok=True)
    path = lambda name: os.path.join(directory, name)
    open(path("index.txt"), "w").close()
    with open(path("serial"), "w") as file:
        file.write("1000\n")
    with open(path("ca.cnf"), "w") as file:
        file.write(CA_CONFIG.format(dir=directory))
    openssl("req", "-x509", "-newkey", "rsa:2048", "-nodes", "-keyout", path("ca.key"), "-out", path("ca.pem"),
            "-days", "3650", "-subj", "/CN=HTTP2 Fault Test CA",
            "-addext", "basicConstraints=critical,CA:TRUE", "-addext", "keyUsage=critical,keyCertSign")

    def signed(name, names, start, end):
        with open(path(name + ".ext"), "w") as file:
            file.write(names)
        openssl("req", "-newkey", "rsa:2048", "-nodes", "-keyout", path(name + ".key"), "-out", path(name + ".csr"),
                "-subj", "/CN=" + name)
        openssl("ca", "-batch", "-config", path("ca.cnf"), "-cert", path("ca.pem"), "-keyfile", path("ca.key"),
                "-in", path(name + ".csr"), "-out", path(name + ".pem"), "-notext",
                "-startdate", start, "-enddate", end, "-extfile", path(name + ".ext"))
        return path(name + ".pem"), path(name + ".key")

    material = {"ca_file": path("ca.pem")}
    material["good"] = signed("good", LOCAL_NAMES, "20200101000000Z", "21200101000000Z")
    material["expired"] = signed("expired", LOCAL_NAMES, "20200101000000Z", "20201231000000Z")
    material["wrong_host"] = signed(
        "wrong_host", "subjectAltName=DNS:wrong.example\nbasicConstraints=CA:FALSE\n",
        "20200101000000Z", "21200101000000Z")
    openssl("req", "-x509", "-newkey", "rsa:2048", "-nodes", "-keyout", path("self_signed.key"),
            "-out", path("self_signed.pem"), "-days", "3650", "-subj", "/CN=self_signed",
            "-addext", "subjectAltName=DNS:localhost,IP:127.0.0.1")
    material["self_signed"] = (path("self_signed.pem"), path("self_signed.key"))
    return material
