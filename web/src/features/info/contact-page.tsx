import { Mail, Send } from 'lucide-react';
import { useId, useRef, type FormEvent } from 'react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { Input, Textarea } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { ApiError } from '@/lib/api';
import { useSendContactMessage } from './api';
import { InfoPage } from './info-page';

const FIELDS = [
  { name: 'name', label: 'Name', type: 'text', autoComplete: 'name' },
  { name: 'email', label: 'Email', type: 'email', autoComplete: 'email' },
  { name: 'subject', label: 'Subject', type: 'text', autoComplete: 'off' },
] as const;

export function ContactPage() {
  const send = useSendContactMessage();
  const formRef = useRef<HTMLFormElement>(null);
  const id = useId();

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const value = (name: string) => String(form.get(name) ?? '').trim();
    send.mutate(
      { name: value('name'), email: value('email'), subject: value('subject'), message: value('message') },
      {
        onSuccess: () => {
          toast.success('Message sent!', { description: "Thanks for writing. We'll reply within 24-48 hours." });
          formRef.current?.reset();
        },
        onError: (error) => {
          // A rejected message (400) or too many messages (429) gets the server's reason.
          const reason = error instanceof ApiError && (error.status === 400 || error.status === 429) ? error.serverMessage : undefined;
          toast.error('Failed to send message. Please try again later.', reason ? { description: reason } : undefined);
        },
      },
    );
  };

  return (
    <InfoPage title="Contact" intro="Questions, ideas or a problem with your account? Send us a message.">
      <p className="inline-flex items-center gap-2 text-muted-foreground">
        <Mail className="size-4" aria-hidden="true" />
        We reply within 24-48 hours.
      </p>
      <Card>
        <CardContent className="pt-5">
          <form ref={formRef} className="grid gap-4" onSubmit={submit}>
            <div className="grid gap-4 sm:grid-cols-2">
              {FIELDS.map((field) => (
                <div key={field.name} className={field.name === 'subject' ? 'grid gap-1.5 sm:col-span-2' : 'grid gap-1.5'}>
                  <Label htmlFor={`${id}-${field.name}`}>{field.label}</Label>
                  <Input id={`${id}-${field.name}`} name={field.name} type={field.type} autoComplete={field.autoComplete} required />
                </div>
              ))}
            </div>
            <div className="grid gap-1.5">
              <Label htmlFor={`${id}-message`}>Message</Label>
              <Textarea id={`${id}-message`} name="message" rows={6} required />
            </div>
            <Button type="submit" className="justify-self-start" disabled={send.isPending}>
              <Send aria-hidden="true" />
              {send.isPending ? 'Sending...' : 'Send Message'}
            </Button>
          </form>
        </CardContent>
      </Card>
    </InfoPage>
  );
}
