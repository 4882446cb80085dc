/**
 * bench/email's SMTP sink, in a process of its own as a real relay would be: the smtp-server package accepting
 * and discarding every message, so the sender's figures do not include the receiver's work. Started with an IPC
 * channel (child_process.fork): sends `{port}` once listening, and answers `'received'` with `{received}`.
 */
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

let received = 0;
const sink = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS'],
  logger: false,
  onData(stream, _session, callback) {
    stream.on('end', () => {
      received++;
      callback();
    });
    stream.resume();
  },
});
sink.listen(0, '127.0.0.1', () => process.send!({ port: (sink.server.address() as AddressInfo).port }));
process.on('message', (message) => {
  if (message === 'received') process.send!({ received });
});
process.on('disconnect', () => sink.close(() => process.exit(0)));
