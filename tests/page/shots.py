#!/usr/bin/env python3
"""shots.py: screenshots of a bgconv -T html page, as a desktop browser
and a phone show it, through Chromium's DevTools protocol (Python's
standard library only: a minimal WebSocket client).

    shots.py CHROMIUM PAGE OUTDIR NAME:FRAGMENT:WIDTHxHEIGHT[:mobile] ...

writes OUTDIR/NAME.png for each.  --screenshot of chromium itself takes
the picture before a page scrolled by its script is drawn (a blank
phone picture); the protocol takes it once the page has loaded.  How
tests/page/*.png were made is in tests/page/README.
"""
import base64
import json
import os
import socket
import struct
import subprocess
import sys
import tempfile
import time
import urllib.request


class Socket:
    def __init__(self, url):
        host, rest = url[len('ws://'):].split('/', 1)
        h, p = host.split(':')
        self.s = socket.create_connection((h, int(p)))
        key = base64.b64encode(os.urandom(16)).decode()
        self.s.sendall(('GET /%s HTTP/1.1\r\nHost: %s\r\nUpgrade: websocket'
                        '\r\nConnection: Upgrade\r\nSec-WebSocket-Key: %s\r\n'
                        'Sec-WebSocket-Version: 13\r\n\r\n' %
                        (rest, host, key)).encode())
        buf = b''
        while b'\r\n\r\n' not in buf:
            buf += self.s.recv(4096)
        self.buf = buf.split(b'\r\n\r\n', 1)[1]
        self.id = 0

    def read(self, n):
        while len(self.buf) < n:
            d = self.s.recv(1 << 16)
            if not d:
                raise EOFError
            self.buf += d
        r, self.buf = self.buf[:n], self.buf[n:]
        return r

    def send(self, method, **params):
        self.id += 1
        data = json.dumps({'id': self.id, 'method': method,
                           'params': params}).encode()
        mask = os.urandom(4)
        n = len(data)
        head = bytes([0x81])
        if n < 126:
            head += bytes([0x80 | n])
        elif n < 65536:
            head += bytes([0x80 | 126]) + struct.pack('>H', n)
        else:
            head += bytes([0x80 | 127]) + struct.pack('>Q', n)
        self.s.sendall(head + mask +
                       bytes(b ^ mask[i % 4] for i, b in enumerate(data)))
        return self.id

    def message(self):
        data = b''
        while True:
            b0, b1 = self.read(2)
            n = b1 & 0x7f
            if n == 126:
                n = struct.unpack('>H', self.read(2))[0]
            elif n == 127:
                n = struct.unpack('>Q', self.read(8))[0]
            data += self.read(n)
            if b0 & 0x80:
                return json.loads(data.decode())

    def call(self, method, **params):
        i = self.send(method, **params)
        while True:
            m = self.message()
            if m.get('id') == i:
                return m.get('result', {})

    def wait(self, event):
        while True:
            if self.message().get('method') == event:
                return


def main():
    exe, page, outdir = sys.argv[1:4]
    prof = tempfile.mkdtemp()
    proc = subprocess.Popen([exe, '--headless', '--no-sandbox',
                             '--disable-gpu', '--hide-scrollbars',
                             '--no-first-run', '--remote-debugging-port=0',
                             '--user-data-dir=' + prof, 'about:blank'],
                            stdout=subprocess.DEVNULL,
                            stderr=subprocess.DEVNULL)
    try:
        port = None
        for _ in range(600):
            try:
                with open(os.path.join(prof, 'DevToolsActivePort')) as f:
                    port = int(f.readline())
                break
            except (OSError, ValueError):
                time.sleep(0.1)
        req = urllib.request.Request('http://127.0.0.1:%d/json/new' % port,
                                     method='PUT')
        with urllib.request.urlopen(req) as r:
            ws = Socket(json.load(r)['webSocketDebuggerUrl'])
        ws.call('Page.enable')
        for spec in sys.argv[4:]:
            parts = spec.split(':')
            name, frag, size = parts[:3]
            w, h = map(int, size.split('x'))
            ws.call('Emulation.setDeviceMetricsOverride', width=w, height=h,
                    deviceScaleFactor=1, mobile=len(parts) > 3)
            ws.call('Page.navigate', url='about:blank')
            ws.wait('Page.loadEventFired')
            ws.call('Page.navigate',
                    url='file://' + os.path.abspath(page) + frag)
            ws.wait('Page.loadEventFired')
            time.sleep(0.5)
            png = ws.call('Page.captureScreenshot', format='png')['data']
            with open(os.path.join(outdir, name + '.png'), 'wb') as f:
                f.write(base64.b64decode(png))
            print(os.path.join(outdir, name + '.png'))
    finally:
        proc.terminate()
        proc.wait()
        subprocess.run(['rm', '-rf', prof])


if __name__ == '__main__':
    main()
