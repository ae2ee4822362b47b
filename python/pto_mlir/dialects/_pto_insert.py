"""Builders of tinsert and textract."""
