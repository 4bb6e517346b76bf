// Suggestions for jurisdiction fields (free text is allowed; matching compares trimmed, case-insensitive).
export const JURISDICTION_SUGGESTIONS = [
  'Alabama', 'Alaska', 'Arizona', 'Arkansas', 'California', 'Colorado', 'Connecticut', 'Delaware', 'District of Columbia',
  'Florida', 'Georgia', 'Hawaii', 'Idaho', 'Illinois', 'Indiana', 'Iowa', 'Kansas', 'Kentucky', 'Louisiana', 'Maine',
  'Maryland', 'Massachusetts', 'Michigan', 'Minnesota', 'Mississippi', 'Missouri', 'Montana', 'Nebraska', 'Nevada',
  'New Hampshire', 'New Jersey', 'New Mexico', 'New York', 'North Carolina', 'North Dakota', 'Ohio', 'Oklahoma', 'Oregon',
  'Pennsylvania', 'Rhode Island', 'South Carolina', 'South Dakota', 'Tennessee', 'Texas', 'Utah', 'Vermont', 'Virginia',
  'Washington', 'West Virginia', 'Wisconsin', 'Wyoming', 'Federal',
] as const;

export const SPECIALIZATION_SUGGESTIONS = [
  'Family Law', 'Divorce', 'Child Custody', 'Employment', 'Commercial Litigation', 'Contract Disputes', 'Real Estate',
  'Construction', 'Personal Injury', 'Insurance', 'Intellectual Property', 'Medical Malpractice', 'Estate & Probate',
  'Landlord-Tenant', 'Partnership Disputes',
] as const;
