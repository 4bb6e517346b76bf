import { z } from 'zod';
import { emailField, requiredText } from './fields';

export const ContactSchema = z.object({
  name: requiredText('Name is required', 120),
  email: emailField(),
  subject: requiredText('Subject is required', 200),
  message: requiredText('Message is required', 5000),
});
export type Contact = z.infer<typeof ContactSchema>;
