import { Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { type FormEvent, useState } from 'react';
import { ESCALATION_ACTIONS, type EscalationAction } from './property-detail';

/** What each escalation action asks in the demo, and what it answers once asked. */
export const ESCALATION_PROMPTS: Record<EscalationAction, { question: string; done: string }> = {
  'Start Claim': { question: 'What happened, and when?', done: 'Claim details noted' },
  'Find Provider': { question: 'What kind of service provider do you need?', done: 'Provider request noted' },
  'Learn More': { question: 'What would you like to learn more about?', done: 'Question noted' },
  'Schedule Call': { question: 'When would suit you for a call?', done: 'Call request noted' },
};

const ANSWER_REQUIRED = 'Please enter an answer';

function EscalationPrompt({ action, onClose }: { action: EscalationAction; onClose: () => void }) {
  const [answer, setAnswer] = useState('');
  const [error, setError] = useState<string | null>(null);
  const { question, done } = ESCALATION_PROMPTS[action];

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (answer.trim() === '') {
      setError(ANSWER_REQUIRED);
      return;
    }
    notifications.show({
      color: 'blue',
      title: done,
      message: 'This is the demo property, so nothing was sent.',
    });
    onClose();
  };

  return (
    <Modal opened onClose={onClose} title={action}>
      <form noValidate onSubmit={submit}>
        <Stack gap="sm">
          <Textarea
            label={question}
            rows={3}
            data-autofocus
            value={answer}
            error={error}
            onChange={(event) => {
              setAnswer(event.currentTarget.value);
              setError(null);
            }}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit">Submit</Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

/** The demo's Escalation tab (spec §2): each action asks a question in a small dialog. */
export function DemoEscalationPanel() {
  const [open, setOpen] = useState<EscalationAction | null>(null);
  return (
    <Stack gap="sm">
      <Text size="sm" c="dimmed">
        Need help with a claim, a repair or your cover? Choose what you need.
      </Text>
      <Group gap="sm">
        {ESCALATION_ACTIONS.map((action) => (
          <Button key={action} variant="default" onClick={() => setOpen(action)}>
            {action}
          </Button>
        ))}
      </Group>
      {open && <EscalationPrompt key={open} action={open} onClose={() => setOpen(null)} />}
    </Stack>
  );
}
