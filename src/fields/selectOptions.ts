/** A select's options from its labels by value (`{ open: 'Open' }`), in their order. */
export const options = (labels: Record<string, string>) =>
  Object.entries(labels).map(([value, label]) => ({ label, value }))
