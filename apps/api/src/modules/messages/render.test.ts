import { describe, expect, it } from 'vitest';
import { fill, renderTemplate } from './render.ts';

describe('filling a template', () => {
  it('puts each value in once, as plain text, and leaves out a line whose values are all empty', () => {
    const text = fill('Hello {name}\nTrack it: {trackingUrl}\nStop: {optOutLink}', {
      name: '{optOutLink} <script>',
      trackingUrl: '',
      optOutLink: 'https://shop.example/messages/opt-out?u=1',
    });
    expect(text).toBe('Hello {optOutLink} <script>\nStop: https://shop.example/messages/opt-out?u=1');
  });

  it('escapes the e-mail’s HTML part, right to left for Arabic, with its links clickable', () => {
    const mail = renderTemplate(
      'email',
      'ar',
      { subject: 'طلبك {orderNumber}\nBcc: x', body: 'مرحباً {name}\n{orderLink}', whatsappName: '' },
      {
        orderNumber: '7',
        name: '<img src=x onerror=alert(1)>',
        orderLink: 'https://shop.example/order/details/1',
      },
    );
    expect(mail.subject).toBe('طلبك 7 Bcc: x');
    expect(mail.html).toContain('dir="rtl"');
    expect(mail.html).toContain('&lt;img src=x onerror=alert(1)&gt;');
    expect(mail.html).not.toContain('<img');
    expect(mail.html).toContain('<a href="https://shop.example/order/details/1">');
  });

  it('gives WhatsApp the values in the order of the placeholders, flattened as Meta requires', () => {
    const message = renderTemplate(
      'whatsapp',
      'en',
      {
        subject: '',
        body: 'Order {orderNumber} via {carrier}. {optOutLink}',
        whatsappName: 'shop_order_shipped',
      },
      { orderNumber: '9', carrier: 'SMSA\nExpress      Co', optOutLink: '' },
    );
    expect(message.whatsapp).toEqual({ name: 'shop_order_shipped', params: ['9', 'SMSA Express   Co', '-'] });
  });
});
