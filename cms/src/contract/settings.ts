import { z } from 'zod';

export const PUBLIC_SETTING_KEYS = ['shop_enabled'] as const;

export const settingResponseSchema = z.object({ success: z.literal(true), value: z.string() });
export type SettingResponse = z.infer<typeof settingResponseSchema>;

export const settingWriteSchema = z.strictObject({
  key: z.enum(PUBLIC_SETTING_KEYS, { error: 'Unknown setting key' }),
  value: z.enum(['true', 'false'], { error: 'The value must be "true" or "false"' }),
});
export type SettingWrite = z.infer<typeof settingWriteSchema>;
