"""Runs a command while every core is busy with other work, so that a test
can compare what the command prints on a loaded machine with what it prints
on an idle one: usage loaded.py COMMAND ARGS..."""
import multiprocessing
import os
import subprocess
import sys


def spin():
    while True:
        pass


if __name__ == "__main__":
    hogs = [multiprocessing.Process(target=spin, daemon=True)
            for _ in range(2 * (os.cpu_count() or 1))]
    for h in hogs:
        h.start()
    try:
        rc = subprocess.call(sys.argv[1:])
    finally:
        for h in hogs:
            h.terminate()
    sys.exit(rc)
