import type { AlertOutput } from '@licensure/contracts';
import { describe, expect, it } from 'vitest';
import { holderLink, severityLabel } from './alerts-api';

const alert = (over: Partial<AlertOutput>): AlertOutput => ({
  id: 'a',
  alert_type_id: null,
  alert_type: null,
  severity: null,
  user_id: null,
  service_id: null,
  vehicle_id: null,
  license_request_id: null,
  certification_id: null,
  holder_name: null,
  value: 'x',
  source: 'manual',
  retired: false,
  retired_at: null,
  created_at: '2026-01-01T00:00:00.000Z',
  updated_at: '2026-01-01T00:00:00.000Z',
  ...over,
});

describe('alerts screens', () => {
  it("links an alert to its holder's page", () => {
    expect(holderLink(alert({ user_id: 'u1' }))).toBe('/staff/people/u1');
    expect(holderLink(alert({ service_id: 's1' }))).toBe('/staff/services/s1');
    expect(holderLink(alert({ vehicle_id: 'v1' }))).toBe('/staff/vehicles/v1');
    expect(holderLink(alert({}))).toBeNull();
  });

  it('says the severity in words', () => {
    expect([severityLabel('critical'), severityLabel('warning'), severityLabel(null)]).toEqual([
      'Critical',
      'Warning',
      'Information',
    ]);
  });
});
