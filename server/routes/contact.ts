import { randomUUID } from 'node:crypto';
import type { FastifyPluginAsync } from 'fastify';
import rateLimit from '@fastify/rate-limit';
import { z } from 'zod';
import { CONTACT_FORM_LIMITS, CONTACT_TOPIC } from '../../src/domain/contact';
import type { ContactFeedback } from '../../src/domain/types';
import { TENANT_NAMES } from '../../src/tenant';
import type { DocumentStore } from '../documents/store';
import { parseInput } from '../http';

/** One line of text: no CR or LF, so nothing can be smuggled into a mail header later. */
const line = (max: number) =>
  z
    .string({ message: 'is required' })
    .trim()
    .min(1, 'is required')
    .max(max, `must be at most ${max} characters`)
    .refine((text) => !/[\r\n]/.test(text), 'must be a single line');

const contactBody = z.object({
  tenant: z.enum(TENANT_NAMES, { message: `must be one of ${TENANT_NAMES.join(', ')}` }),
  name: line(CONTACT_FORM_LIMITS.name),
  email: z.email({ message: 'must be an email address' }).max(CONTACT_FORM_LIMITS.email),
  topic: z
    .string()
    .trim()
    .max(CONTACT_FORM_LIMITS.topic)
    .regex(CONTACT_TOPIC, 'must be a topic from the form')
    .default(''),
  message: z
    .string({ message: 'is required' })
    .trim()
    .min(1, 'is required')
    .max(CONTACT_FORM_LIMITS.message, `must be at most ${CONTACT_FORM_LIMITS.message} characters`),
});

/**
 * POST /api/contact: the contact form of /contactUs. The message is kept in the document store
 * (`contact-messages/{id}`) for the tenant's team; the answer carries the spec's contact
 * feedback fields. Limited per client address so the form cannot be used to flood the inbox.
 */
export const contactRoutes: FastifyPluginAsync<{ documents: DocumentStore }> = async (app, { documents }) => {
  await app.register(rateLimit, {
    global: false,
    // A bare 429, like every limit of this API; the body says when to come back.
    errorResponseBuilder: (_request, context) => ({
      statusCode: 429,
      error: `Too many messages. Please try again in ${context.after}.`,
    }),
  });
  app.post(
    '/contact',
    { config: { rateLimit: { max: 5, timeWindow: '10 minutes' } } },
    async (request, reply): Promise<ContactFeedback> => {
      const body = parseInput(contactBody, request.body);
      await documents.set(`contact-messages/${randomUUID()}`, {
        ...body,
        createdAt: new Date().toISOString(),
      });
      reply.status(201).header('cache-control', 'no-store');
      return {
        name: body.name,
        email: body.email,
        error: '',
        message: `Thank you, ${body.name}. We have your message and will reply to ${body.email} within two business days.`,
      };
    },
  );
};
