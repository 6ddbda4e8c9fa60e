import type { VisitCreateBody } from '@licensure/contracts';
import {
  Alert,
  Button,
  Checkbox,
  Group,
  MultiSelect,
  Select,
  Stack,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { fieldErrorsOf } from '../../platform/api/errors';
import { PageHeader } from '../../platform/components/page-header';
import { requiredLabelProps } from '../../platform/components/required-mark';
import { ForbiddenPage } from '../../platform/components/status';
import { useSignedIn } from '../../platform/session/session-provider';
import { hasPermission } from '../../platform/session/shell-state';
import { inspectionKeys, inspectionsApi, vehicleLabel } from './inspections-api';

const FIELDS = ['service_id', 'inspection_date_time', 'inspectors', 'vehicle_ids', 'notes'];

/** `/staff/inspections/visits/new`: a visit to a service, its inspectors, and what it inspects. */
export function NewVisitPage() {
  const { viewer, account } = useSignedIn();
  const navigate = useNavigate();
  const [serviceSearch, setServiceSearch] = useState('');
  const [search] = useDebouncedValue(serviceSearch.trim(), 250);
  const [serviceId, setServiceId] = useState<string | null>(null);
  const [date, setDate] = useState('');
  const [time, setTime] = useState('');
  const [inspectors, setInspectors] = useState<string[]>(account ? [account.id] : []);
  const [serviceTemplate, setServiceTemplate] = useState<string | null>(null);
  const [vehicleTemplate, setVehicleTemplate] = useState<string | null>(null);
  const [vehicleIds, setVehicleIds] = useState<string[]>([]);
  const [notes, setNotes] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [other, setOther] = useState<string[]>([]);

  const services = useQuery({
    queryKey: ['inspections', 'services', search],
    queryFn: ({ signal }) => inspectionsApi.services(search, signal),
  });
  const vehicles = useQuery({
    queryKey: ['inspections', 'vehicles', serviceId],
    queryFn: () => inspectionsApi.vehicles(serviceId as string),
    enabled: !!serviceId,
  });
  const templates = useQuery({ queryKey: inspectionKeys.templates, queryFn: inspectionsApi.templates });
  const staff = useQuery({ queryKey: ['inspections', 'staff'], queryFn: inspectionsApi.staff });
  const create = useMutation({
    mutationFn: (body: VisitCreateBody) => inspectionsApi.createVisit(body),
    onSuccess: (visit) => navigate(`/staff/inspections/visits/${visit.id}`),
    onError: (error) => {
      const split = fieldErrorsOf(error, FIELDS);
      setErrors(split.fields);
      setOther(
        split.other.length || Object.keys(split.fields).length
          ? split.other
          : [String((error as Error).message)],
      );
    },
  });
  if (!hasPermission(viewer, 'inspections.write')) return <ForbiddenPage />;

  const serviceChoices = (services.data?.items ?? []).map((s) => ({ value: s.id, label: s.name }));
  const templatesOf = (entity: 'service' | 'vehicle') =>
    (templates.data?.items ?? [])
      .filter((t) => t.entity === entity)
      .map((t) => ({ value: t.id, label: t.label }));
  const staffChoices = (staff.data?.items ?? []).map((u) => ({
    value: u.id,
    label: [u.first_name, u.last_name].filter(Boolean).join(' ') || u.id,
  }));

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const problems: Record<string, string> = {};
    if (!serviceId) problems.service_id = 'Choose the service to visit.';
    if (!date) problems.inspection_date_time = 'Enter the date of the visit.';
    if (vehicleIds.length > 0 && !vehicleTemplate) problems.vehicle_ids = 'Choose the vehicle template too.';
    setErrors(problems);
    setOther([]);
    if (Object.keys(problems).length > 0) return;
    create.mutate({
      visit: {
        service_id: serviceId as string,
        inspection_date_time: time ? `${date}T${time.length === 5 ? `${time}:00` : time}` : date,
        notes: notes.trim() || null,
      },
      inspectors,
      inspections: { service: !!serviceTemplate, vehicle_ids: vehicleIds },
      service_template: serviceTemplate,
      vehicle_template: vehicleTemplate,
    });
  };

  return (
    <Stack gap="md" maw={720}>
      <PageHeader
        title="Schedule a visit"
        description="A visit inspects a service and any of its vehicles."
      />
      {other.length > 0 ? (
        <Alert color="red" title="The visit was not scheduled" role="alert">
          {other.map((m) => (
            <Text key={m} size="sm">
              {m}
            </Text>
          ))}
        </Alert>
      ) : null}
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <Select
            label="Service"
            description="Type to search services by name"
            {...requiredLabelProps(true)}
            searchable
            data={serviceChoices}
            value={serviceId}
            searchValue={serviceSearch}
            onSearchChange={setServiceSearch}
            onChange={(v) => {
              setServiceId(v);
              setVehicleIds([]);
            }}
            nothingFoundMessage="No service has that name"
            error={errors.service_id}
          />
          <Group grow align="flex-start">
            <TextInput
              label="Date"
              type="date"
              {...requiredLabelProps(true)}
              value={date}
              onChange={(e) => setDate(e.currentTarget.value)}
              error={errors.inspection_date_time}
            />
            <TextInput
              label="Time (optional)"
              type="time"
              value={time}
              onChange={(e) => setTime(e.currentTarget.value)}
            />
          </Group>
          <MultiSelect
            label="Inspectors"
            searchable
            data={staffChoices}
            value={inspectors}
            onChange={setInspectors}
            error={errors.inspectors}
          />
          <Select
            label="Service template"
            description="Choose one to inspect the service itself"
            clearable
            data={templatesOf('service')}
            value={serviceTemplate}
            onChange={setServiceTemplate}
          />
          <Select
            label="Vehicle template"
            description="The checklist of each vehicle inspected"
            clearable
            data={templatesOf('vehicle')}
            value={vehicleTemplate}
            onChange={setVehicleTemplate}
          />
          <Checkbox.Group
            label="Vehicles to inspect"
            value={vehicleIds}
            onChange={setVehicleIds}
            error={errors.vehicle_ids}
          >
            <Stack gap={6} mt="xs">
              {!serviceId ? <Text size="sm">Choose a service to list its vehicles.</Text> : null}
              {serviceId && vehicles.isSuccess && vehicles.data.items.length === 0 ? (
                <Text size="sm">This service has no vehicles.</Text>
              ) : null}
              {(vehicles.data?.items ?? []).map((v) => (
                <Checkbox key={v.id} value={v.id} label={vehicleLabel(v)} />
              ))}
            </Stack>
          </Checkbox.Group>
          <Textarea
            label="Notes"
            autosize
            minRows={2}
            value={notes}
            onChange={(e) => setNotes(e.currentTarget.value)}
          />
          <Group>
            <Button type="submit" loading={create.isPending}>
              Schedule the visit
            </Button>
          </Group>
        </Stack>
      </form>
    </Stack>
  );
}
