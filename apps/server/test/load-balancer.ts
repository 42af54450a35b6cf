// A real reverse proxy for the cluster test: Debian's nginx in front of N server processes on
// loopback, configured as DEPLOY.md's deploy/nginx.conf is in the parts that matter here: round
// robin without sticky sessions, X-Forwarded-For appended (the servers trust loopback), the live
// stream unbuffered with a long read timeout, a failed upstream skipped for what can be retried.
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort } from '../../../scripts/free-port.ts';

export const NGINX = process.env.NGINX_PATH?.trim() || '/usr/sbin/nginx';

export interface LoadBalancer {
  /** `http://127.0.0.1:<port>` */
  readonly url: string;
  stop(): Promise<void>;
}

export async function startLoadBalancer(upstreams: readonly string[]): Promise<LoadBalancer> {
  if (!fs.existsSync(NGINX)) throw new Error(`This test puts Debian's nginx in front of the servers and finds none at ${NGINX} (apt-get install nginx-light, or NGINX_PATH).`);
  const prefix = fs.mkdtempSync(path.join(os.tmpdir(), 'pitlane-nginx-'));
  const port = await freePort();
  const servers = upstreams.map((url) => `    server ${new URL(url).host} max_fails=1 fail_timeout=30s;`).join('\n');
  fs.writeFileSync(
    path.join(prefix, 'nginx.conf'),
    `daemon off;
master_process off;
worker_processes 1;
user root;
error_log ${prefix}/error.log warn;
pid ${prefix}/nginx.pid;
events { worker_connections 512; }
http {
  access_log off;
  client_body_temp_path ${prefix}/body;
  proxy_temp_path ${prefix}/proxy;
  fastcgi_temp_path ${prefix}/fastcgi;
  uwsgi_temp_path ${prefix}/uwsgi;
  scgi_temp_path ${prefix}/scgi;
  client_max_body_size 80m;
  upstream pitlane {
${servers}
    keepalive 16;
  }
  server {
    listen 127.0.0.1:${port};
    proxy_http_version 1.1;
    proxy_set_header Connection "";
    proxy_set_header Host $http_host;
    proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
    proxy_set_header X-Forwarded-Proto $scheme;
    proxy_next_upstream error timeout http_502;
    proxy_connect_timeout 2s;
    location = /api/live {
      proxy_pass http://pitlane;
      proxy_buffering off;
      proxy_read_timeout 1h;
    }
    location / {
      proxy_pass http://pitlane;
    }
  }
}
`,
  );
  const child: ChildProcess = spawn(NGINX, ['-p', prefix, '-c', path.join(prefix, 'nginx.conf')], { stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.on('exit', () => resolve()));
  const url = `http://127.0.0.1:${port}`;
  // Listening once a request is answered (by nginx itself at least: 502 before the servers).
  for (let attempt = 0; ; attempt++) {
    try {
      await fetch(`${url}/api/health`, { signal: AbortSignal.timeout(1_000) });
      break;
    } catch (error) {
      if (child.exitCode !== null || attempt > 50) throw new Error(`nginx did not start: ${output}${fs.existsSync(path.join(prefix, 'error.log')) ? fs.readFileSync(path.join(prefix, 'error.log'), 'utf8') : ''}`, { cause: error });
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  return {
    url,
    async stop() {
      child.kill('SIGTERM');
      await exited;
      fs.rmSync(prefix, { recursive: true, force: true });
    },
  };
}
