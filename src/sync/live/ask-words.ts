/**
 * What Wake agent says when no agent device answers. A module of its own: the agent panel
 * keeps the room of this, the longest answer, from the tap on, without loading the request code.
 */
export const NO_AGENT_DEVICE =
  'No agent device is online, and this device has no model. Choose a model in Settings → Agent, or start an agent device on a computer that stays on (see the README, “Agent device”).';
