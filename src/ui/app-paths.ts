/** The id of the agent's settings section: "Open agent settings" links to /settings#agent. */
export const AGENT_SETTINGS_ANCHOR = 'agent';
export const AGENT_SETTINGS_PATH = `/settings#${AGENT_SETTINGS_ANCHOR}`;
